# The customer texts of src/conversation/actors/partner-failures.ts.
session = El servicio de reservas no acepta esa sesión: ya no está disponible.
questions = El servicio de reservas no ha aceptado alguna de las respuestas.
quantity = El servicio de reservas no acepta esa cantidad de entradas para ese día.
date = El servicio de reservas no acepta ese día para este producto.
cart = El servicio de reservas no ha aceptado añadirlo al carrito.
