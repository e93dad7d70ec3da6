no-tickets = Non trovo ancora i biglietti di questo acquisto nel servizio. Riprova tra un attimo.
valid-on = Valido il { $date }
valid-from-to = Valido dal { $from } al { $to }
