unknown = Questo prodotto non è più in vendita. Scegline un altro, per favore.
not-offered = Questo prodotto non si può acquistare in questo momento (o si vende solo insieme ad altri).
no-dates = Questo prodotto non ha date disponibili al momento.
not-today = Questo prodotto si vende solo per il giorno dell'acquisto, e oggi non è disponibile.
no-price = Non c'è un prezzo per quella data. Scegline un'altra, per favore.
