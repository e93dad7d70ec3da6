session = Le service de réservation n'accepte pas cette séance : elle n'est plus disponible.
questions = Le service de réservation n'a pas accepté l'une des réponses.
quantity = Le service de réservation n'accepte pas ce nombre de billets pour ce jour.
date = Le service de réservation n'accepte pas ce jour pour ce produit.
cart = Le service de réservation n'a pas accepté l'ajout au panier.
