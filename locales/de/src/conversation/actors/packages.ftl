no-location = Dieses Paket gibt nicht an, wo eine Unterkunft gesucht werden soll. Bitte wählen Sie ein anderes.
no-price = Für diese Unterkunft gibt es zu diesen Daten keinen Preis mehr. Bitte wählen Sie eine andere.
unknown-combined = Dieses Kombiticket ist nicht mehr erhältlich.
no-combined-dates = Für dieses Kombiticket gibt es im Moment keine freien Termine.
no-combined-price = Der Preis dieses Kombitickets für diesen Tag konnte nicht abgerufen werden.
package-name =
    { $prepackage } + { $stay } ({ $nights ->
        [one] 1 Nacht
       *[other] { $nights } Nächte
    })
