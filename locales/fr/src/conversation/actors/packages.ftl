no-location = Ce forfait n'indique pas où chercher un hébergement. Veuillez en choisir un autre.
no-price = Cet hébergement n'a plus de prix pour ces dates. Veuillez en choisir un autre.
unknown-combined = Ce billet combiné n'est plus en vente.
no-combined-dates = Ce billet combiné n'a pas de dates disponibles pour le moment.
no-combined-price = Le prix de ce billet combiné n'a pas pu être obtenu pour ce jour.
package-name =
    { $prepackage } + { $stay } ({ $nights ->
        [one] 1 nuit
       *[other] { $nights } nuits
    })
