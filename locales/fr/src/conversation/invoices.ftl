unknown = Ce paiement n'est plus valable. Revenez au chat pour voir votre commande.
expired = Votre réservation a expiré, cette commande ne peut donc plus être payée. Revenez au chat pour la réserver à nouveau.
changed = Le montant de cette commande a changé. Revenez au chat pour payer la commande actuelle.
