unknown = Ce produit n'est plus en vente. Veuillez en choisir un autre.
not-offered = Ce produit ne peut pas être acheté pour le moment (ou n'est vendu qu'avec d'autres).
no-dates = Ce produit n'a pas de dates disponibles pour le moment.
not-today = Ce produit n'est vendu que pour le jour de l'achat, et il n'est pas disponible aujourd'hui.
no-price = Il n'y a pas de prix pour cette date. Veuillez en choisir une autre.
