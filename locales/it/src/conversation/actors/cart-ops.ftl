sale-under-way = Il pagamento di questo ordine potrebbe essere già in corso, quindi non lo modifico. Scegli «Conferma e paga» per vedere a che punto è.
unknown-outcome = Il servizio di prenotazione non ha confermato l'operazione. Non è stato addebitato nulla: riprova tra un attimo.
