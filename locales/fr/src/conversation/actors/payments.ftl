title = Votre commande
order = Votre commande
insurance = Assurance : { $name }
