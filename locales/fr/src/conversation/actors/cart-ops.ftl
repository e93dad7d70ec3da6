sale-under-way = Le paiement de cette commande est peut-être déjà en cours, je ne la modifie donc pas. Choisissez « Confirmer et payer » pour voir où elle en est.
unknown-outcome = Le service de réservation n'a pas confirmé l'opération. Rien n'a été débité : réessayez dans un instant.
