unknown = Questo pagamento non è più valido. Torna alla chat per vedere il tuo ordine.
expired = La tua prenotazione è scaduta, quindi questo ordine non si può pagare ora. Torna alla chat per prenotarlo di nuovo.
changed = L'importo di questo ordine è cambiato. Torna alla chat per pagare l'ordine attuale.
