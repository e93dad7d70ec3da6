no-location = Aquest paquet no indica on buscar allotjament. Tria'n un altre, si us plau.
no-price = Aquest allotjament ja no té preu per a aquestes dates. Tria'n un altre, si us plau.
unknown-combined = Aquesta entrada combinada ja no està a la venda.
no-combined-dates = Aquesta entrada combinada no té dates disponibles ara mateix.
no-combined-price = No s'ha pogut obtenir el preu d'aquesta entrada combinada per a aquell dia.
package-name =
    { $prepackage } + { $stay } ({ $nights ->
        [one] 1 nit
       *[other] { $nights } nits
    })
