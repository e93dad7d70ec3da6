no-location = This package does not say where to look for accommodation. Please choose another.
no-price = That accommodation has no price for those dates any more. Please choose another.
unknown-combined = That combined ticket is no longer on sale.
no-combined-dates = That combined ticket has no dates available right now.
no-combined-price = The price of that combined ticket could not be obtained for that day.
package-name =
    { $prepackage } + { $stay } ({ $nights ->
        [one] 1 night
       *[other] { $nights } nights
    })
