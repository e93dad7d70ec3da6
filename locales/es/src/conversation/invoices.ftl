# The customer texts of src/conversation/invoices.ts.
unknown = Este pago ya no es válido. Vuelve al chat para ver tu pedido.
expired = Tu reserva ha caducado, así que este pedido no se puede pagar ahora. Vuelve al chat para reservarlo de nuevo.
changed = El importe de este pedido ha cambiado. Vuelve al chat para pagar el pedido actual.
