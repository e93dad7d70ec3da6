# Register: tu.

back = ⬅️ Enrere
cancel = ✖️ Cancel·la
home = 🏠 Inici
more = Més ➡️
previous = ⬅️ Anteriors
yes = Sí
no = No
not-understood = No t'he entès. Tria una de les opcions o escriu /help.
stale-button = Aquest botó ja no és vàlid. Això és el que tens ara:
too-long = Aquest missatge és massa llarg (més de { $max } caràcters): no l'he llegit. Escriu-lo més curt, si us plau.
service-down = El servei de reserves no respon ara mateix. No s'ha perdut res: torna-ho a provar d'aquí a un moment.
busy = Encara estic amb la teva petició anterior; un moment, si us plau.
help =
    Et puc ajudar a reservar entrades i activitats. Fes servir els botons o escriu: { $commands }.
    A qualsevol pas, «{ $menu }» torna a l'inici i «{ $back }» al pas anterior.
help-or-word = { $slash } o «{ $word }»
language-changed = Idioma canviat a català.
cancelled = Fet, tornem a començar. La teva cistella es manté.
started-over = M'han actualitzat des del teu últim missatge i he hagut de tornar a l'inici. Disculpa les molèsties: la teva cistella, la teva reserva i les teves compres es mantenen.
greeting = Hola! Continuem on ho havíem deixat.
no-person = Ho sento: des d'aquí no et puc passar amb una persona. Continuo ajudant-te jo; escriu /help per veure què puc fer.
already-bot = Ja estàs parlant amb el bot. Continuem on ho havíem deixat.
which-meant = Hola! «{ $word }» és la teva resposta? Si ho és, torna-ho a escriure; si no, escriu la resposta.
which-cancel = «{ $word }» la reserva, o deixar això i tornar a començar conservant la teva comanda? Per anul·lar-la prem «{ $label }»; per tornar a començar escriu «{ $word }» una altra vegada.
type-hint = No t'he entès. Pots triar un botó o escriure una d'aquestes opcions (o el seu número): { $labels }. També «ajuda», «menú» o «cancel·lar».
offer-language = Sembla que escrius en català. Si m'escrius una altra vegada en català, continuem en català (o escriu «català»).
