no-such-line = Questa riga non è più nel tuo carrello.
