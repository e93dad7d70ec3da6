no-tickets = Ich finde die Tickets dieses Kaufs beim Service noch nicht. Bitte versuchen Sie es gleich noch einmal.
valid-on = Gültig am { $date }
valid-from-to = Gültig vom { $from } bis { $to }
