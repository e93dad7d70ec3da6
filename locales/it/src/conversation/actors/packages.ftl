no-location = Questo pacchetto non indica dove cercare l'alloggio. Scegline un altro, per favore.
no-price = Questo alloggio non ha più un prezzo per quelle date. Scegline un altro, per favore.
unknown-combined = Questo biglietto combinato non è più in vendita.
no-combined-dates = Questo biglietto combinato non ha date disponibili al momento.
no-combined-price = Non è stato possibile ottenere il prezzo di questo biglietto combinato per quel giorno.
package-name =
    { $prepackage } + { $stay } ({ $nights ->
        [one] 1 notte
       *[other] { $nights } notti
    })
