# The customer texts of src/conversation/actors/payments.ts.
title = Tu pedido
order = Tu pedido
insurance = Seguro: { $name }
