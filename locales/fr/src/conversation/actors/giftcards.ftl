not-found = Je ne trouve aucune carte cadeau avec le code { $code }. Vérifiez le code et réessayez.
not-on-sale = « { $name } » n'est plus vendu comme carte cadeau.
nothing = Choisissez au moins un produit pour la carte cadeau.
