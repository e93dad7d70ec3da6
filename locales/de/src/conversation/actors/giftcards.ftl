not-found = Ich finde keine Geschenkkarte mit dem Code { $code }. Bitte prüfen Sie den Code und versuchen Sie es noch einmal.
not-on-sale = „{ $name }“ wird nicht mehr als Geschenkkarte verkauft.
nothing = Wählen Sie mindestens ein Produkt für die Geschenkkarte.
