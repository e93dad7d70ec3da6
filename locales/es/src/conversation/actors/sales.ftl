# The customer texts of src/conversation/actors/sales.ts.
no-tickets = Todavía no encuentro las entradas de esta compra en el servicio. Inténtalo de nuevo en un momento.
valid-on = Válida el { $date }
valid-from-to = Válida del { $from } al { $to }
