session = Der Buchungsservice nimmt diesen Termin nicht an: Er ist nicht mehr verfügbar.
questions = Der Buchungsservice hat eine der Antworten nicht akzeptiert.
quantity = Der Buchungsservice nimmt diese Anzahl Tickets für diesen Tag nicht an.
date = Der Buchungsservice nimmt diesen Tag für dieses Produkt nicht an.
cart = Der Buchungsservice hat das Hinzufügen zum Warenkorb nicht akzeptiert.
