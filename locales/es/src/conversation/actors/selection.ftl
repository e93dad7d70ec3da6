# The customer texts of src/conversation/actors/selection.ts.
unknown = Ese producto ya no está a la venta. Elige otro, por favor.
not-offered = Ese producto no se puede comprar ahora mismo (o solo se vende junto con otros).
no-dates = Ese producto no tiene fechas disponibles ahora mismo.
not-today = Ese producto solo se vende para el día de la compra, y hoy no está disponible.
no-price = No hay precio para esa fecha. Elige otra, por favor.
