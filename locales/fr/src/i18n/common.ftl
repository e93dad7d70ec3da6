# Register: vous.

back = ⬅️ Retour
cancel = ✖️ Annuler
home = 🏠 Accueil
more = Plus ➡️
previous = ⬅️ Précédents
yes = Oui
no = Non
not-understood = Je n'ai pas compris. Choisissez l'une des options ou écrivez /help.
stale-button = Ce bouton n'est plus valable. Voici où vous en êtes :
too-long = Ce message est trop long (plus de { $max } caractères) : je ne l'ai pas lu. Écrivez-le plus court, s'il vous plaît.
service-down = Le service de réservation ne répond pas pour le moment. Rien n'a été perdu : réessayez dans un instant.
busy = Je traite encore votre demande précédente ; un instant, s'il vous plaît.
help =
    Je peux vous aider à réserver des billets et des activités. Utilisez les boutons ou écrivez : { $commands }.
    À chaque étape, « { $menu } » revient au début et « { $back } » à l'étape précédente.
help-or-word = { $slash } ou « { $word } »
language-changed = La conversation continue en français.
cancelled = C'est fait, on recommence. Votre panier est conservé.
started-over = J'ai été mis à jour depuis votre dernier message et j'ai dû revenir au début. Désolé pour la gêne : votre panier, votre réservation et vos achats sont conservés.
greeting = Bonjour ! Nous reprenons là où nous en étions.
no-person = Désolé : d'ici, je ne peux pas vous mettre en relation avec une personne. Je continue à vous aider ; écrivez /help pour voir ce que je peux faire.
already-bot = Vous parlez déjà avec le bot. Nous reprenons là où nous en étions.
which-meant = Bonjour ! « { $word } », c'est votre réponse ? Si oui, écrivez-le encore une fois ; sinon, écrivez la réponse.
which-cancel = « { $word } » la réservation, ou laisser ceci et recommencer en gardant votre commande ? Pour l'annuler, appuyez sur « { $label } » ; pour recommencer, écrivez encore « { $word } ».
type-hint = Je n'ai pas compris. Vous pouvez choisir un bouton ou écrire l'une de ces options (ou son numéro) : { $labels }. Ou encore « aide », « menu » ou « annuler ».
offer-language = On dirait que vous écrivez en français. Écrivez-moi encore en français et nous continuerons en français (ou écrivez « français »).
