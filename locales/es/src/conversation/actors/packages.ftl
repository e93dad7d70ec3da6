# The customer texts of src/conversation/actors/packages.ts.
no-location = Este paquete no indica dónde buscar alojamiento. Elige otro, por favor.
no-price = Ese alojamiento ya no tiene precio para esas fechas. Elige otro, por favor.
unknown-combined = Esa entrada combinada ya no está a la venta.
no-combined-dates = Esa entrada combinada no tiene fechas disponibles ahora mismo.
no-combined-price = No se ha podido obtener el precio de esa entrada combinada para ese día.
package-name =
    { $prepackage } + { $stay } ({ $nights ->
        [one] 1 noche
       *[other] { $nights } noches
    })
