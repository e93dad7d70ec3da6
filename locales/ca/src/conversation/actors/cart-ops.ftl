sale-under-way = El pagament d'aquesta comanda potser ja està en marxa, així que no la canvio. Tria «Confirmar i pagar» per veure com està.
unknown-outcome = El servei de reserves no ha confirmat l'operació. No s'ha cobrat res: torna-ho a provar d'aquí a un moment.
