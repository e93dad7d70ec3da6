not-found = Non trovo nessuna carta regalo con il codice { $code }. Controlla il codice e riprova.
not-on-sale = «{ $name }» non è più in vendita come carta regalo.
nothing = Scegli almeno un prodotto per la carta regalo.
