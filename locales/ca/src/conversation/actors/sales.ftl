no-tickets = Encara no trobo les entrades d'aquesta compra al servei. Torna-ho a provar d'aquí a un moment.
valid-on = Vàlida el { $date }
valid-from-to = Vàlida del { $from } al { $to }
