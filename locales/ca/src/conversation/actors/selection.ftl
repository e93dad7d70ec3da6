unknown = Aquest producte ja no està a la venda. Tria'n un altre, si us plau.
not-offered = Aquest producte no es pot comprar ara mateix (o només es ven juntament amb altres).
no-dates = Aquest producte no té dates disponibles ara mateix.
not-today = Aquest producte només es ven per al mateix dia de la compra, i avui no està disponible.
no-price = No hi ha preu per a aquesta data. Tria'n una altra, si us plau.
