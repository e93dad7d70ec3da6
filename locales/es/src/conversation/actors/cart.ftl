# The customer texts of src/conversation/actors/cart.ts.
no-such-line = Esa línea ya no está en tu carrito.
