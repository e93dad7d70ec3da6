# The customer texts of src/conversation/actors/giftcards.ts.
not-found = No encuentro ninguna tarjeta regalo con el código { $code }. Revisa el código y prueba de nuevo.
not-on-sale = «{ $name }» ya no se vende como tarjeta regalo.
nothing = Elige al menos un producto para la tarjeta regalo.
