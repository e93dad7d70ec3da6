unknown = Diese Zahlung ist nicht mehr gültig. Kehren Sie zum Chat zurück, um Ihre Bestellung zu sehen.
expired = Ihre Reservierung ist abgelaufen, deshalb kann diese Bestellung jetzt nicht bezahlt werden. Kehren Sie zum Chat zurück, um sie neu zu reservieren.
changed = Der Betrag dieser Bestellung hat sich geändert. Kehren Sie zum Chat zurück, um die aktuelle Bestellung zu bezahlen.
