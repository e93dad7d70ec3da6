unknown = Aquest pagament ja no és vàlid. Torna al xat per veure la teva comanda.
expired = La teva reserva ha caducat, així que aquesta comanda no es pot pagar ara. Torna al xat per reservar-la de nou.
changed = L'import d'aquesta comanda ha canviat. Torna al xat per pagar la comanda actual.
