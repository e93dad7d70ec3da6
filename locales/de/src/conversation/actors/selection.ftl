unknown = Dieses Produkt ist nicht mehr erhältlich. Bitte wählen Sie ein anderes.
not-offered = Dieses Produkt kann gerade nicht gekauft werden (oder wird nur zusammen mit anderen verkauft).
no-dates = Für dieses Produkt gibt es im Moment keine freien Termine.
not-today = Dieses Produkt wird nur für den Tag des Kaufs verkauft und ist heute nicht verfügbar.
no-price = Für dieses Datum gibt es keinen Preis. Bitte wählen Sie ein anderes.
