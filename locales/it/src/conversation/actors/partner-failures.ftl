session = Il servizio di prenotazione non accetta questo orario: non è più disponibile.
questions = Il servizio di prenotazione non ha accettato una delle risposte.
quantity = Il servizio di prenotazione non accetta questo numero di biglietti per quel giorno.
date = Il servizio di prenotazione non accetta quel giorno per questo prodotto.
cart = Il servizio di prenotazione non ha accettato l'aggiunta al carrello.
