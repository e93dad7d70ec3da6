not-found = No trobo cap targeta regal amb el codi { $code }. Revisa el codi i torna-ho a provar.
not-on-sale = «{ $name }» ja no es ven com a targeta regal.
nothing = Tria almenys un producte per a la targeta regal.
