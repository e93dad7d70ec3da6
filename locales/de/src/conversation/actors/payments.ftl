title = Ihre Bestellung
order = Ihre Bestellung
insurance = Versicherung: { $name }
