title = La teva comanda
order = La teva comanda
insurance = Assegurança: { $name }
