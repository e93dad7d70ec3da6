no-such-line = Cette ligne n'est plus dans votre panier.
