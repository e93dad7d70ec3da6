# Register: tu.

back = ⬅️ Indietro
cancel = ✖️ Annulla
home = 🏠 Inizio
more = Altri ➡️
previous = ⬅️ Precedenti
yes = Sì
no = No
not-understood = Non ho capito. Scegli una delle opzioni o scrivi /help.
stale-button = Questo pulsante non è più valido. Ecco dove sei ora:
too-long = Questo messaggio è troppo lungo (più di { $max } caratteri): non l'ho letto. Scrivilo più breve, per favore.
service-down = Il servizio di prenotazione non risponde in questo momento. Non si è perso nulla: riprova tra un attimo.
busy = Sto ancora lavorando alla tua richiesta precedente; un attimo, per favore.
help =
    Posso aiutarti a prenotare biglietti e attività. Usa i pulsanti o scrivi: { $commands }.
    In qualsiasi momento, «{ $menu }» torna all'inizio e «{ $back }» al passo precedente.
help-or-word = { $slash } o «{ $word }»
language-changed = Lingua cambiata in italiano.
cancelled = Fatto, ricominciamo. Il tuo carrello resta com'è.
started-over = Sono stato aggiornato dopo il tuo ultimo messaggio e sono dovuto tornare all'inizio. Scusa il disagio: il tuo carrello, la tua prenotazione e i tuoi acquisti restano validi.
greeting = Ciao! Riprendiamo da dove eravamo rimasti.
no-person = Mi dispiace: da qui non posso metterti in contatto con una persona. Continuo ad aiutarti io; scrivi /help per vedere cosa posso fare.
already-bot = Stai già parlando con il bot. Riprendiamo da dove eravamo rimasti.
which-meant = Ciao! «{ $word }» è la tua risposta? Se sì, scrivilo di nuovo; se no, scrivi la risposta.
which-cancel = «{ $word }» la prenotazione, oppure lasciar perdere e ricominciare mantenendo il tuo ordine? Per annullarla tocca «{ $label }»; per ricominciare scrivi di nuovo «{ $word }».
type-hint = Non ho capito. Puoi scegliere un pulsante o scrivere una di queste opzioni (o il suo numero): { $labels }. Anche «aiuto», «menu» o «annulla».
offer-language = Sembra che tu scriva in italiano. Se mi scrivi di nuovo in italiano, continuiamo in italiano (oppure scrivi «italiano»).
