no-tickets = Je ne trouve pas encore les billets de cet achat auprès du service. Réessayez dans un instant.
valid-on = Valable le { $date }
valid-from-to = Valable du { $from } au { $to }
