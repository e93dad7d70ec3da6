session = El servei de reserves no accepta aquesta sessió: ja no està disponible.
questions = El servei de reserves no ha acceptat alguna de les respostes.
quantity = El servei de reserves no accepta aquesta quantitat d'entrades per a aquell dia.
date = El servei de reserves no accepta aquest dia per a aquest producte.
cart = El servei de reserves no ha acceptat afegir-ho a la cistella.
