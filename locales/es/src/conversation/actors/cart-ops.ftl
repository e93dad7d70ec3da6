# The customer texts of src/conversation/actors/cart-ops.ts.
sale-under-way = El pago de este pedido puede estar ya en marcha, así que no lo cambio. Elige «Confirmar y pagar» para ver cómo está.
unknown-outcome = El servicio de reservas no ha confirmado la operación. No se ha cobrado nada: inténtalo de nuevo en un momento.
