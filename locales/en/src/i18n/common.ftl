back = ⬅️ Back
cancel = ✖️ Cancel
home = 🏠 Home
more = More ➡️
previous = ⬅️ Previous
yes = Yes
no = No
not-understood = Sorry, I didn't get that. Choose one of the options or type /help.
stale-button = That button is no longer valid. Here is where you are:
too-long = That message is too long (over { $max } characters), so I did not read it. Please write it shorter.
service-down = The booking service is not answering right now. Nothing was lost: please try again in a moment.
busy = Still working on your previous request; one moment, please.
help =
    I can help you book tickets and activities. Use the buttons or type: { $commands }.
    At any step, "{ $menu }" goes to the start and "{ $back }" to the previous step.
help-or-word = { $slash } or "{ $word }"
language-changed = Language changed to English.
cancelled = Done, starting over. Your cart is kept.
started-over = I have been updated since your last message and had to go back to the start. Sorry about that: your cart, your reservation and your purchases are kept.
greeting = Hi! We carry on where we left off.
no-person = Sorry: nobody can be reached from here. I'll keep helping you; type /help to see what I can do.
already-bot = You're already talking to the bot. We carry on where we left off.
which-meant = Hi! Is "{ $word }" your answer? If it is, type it again; if not, type the answer.
which-cancel = "{ $word }" the reservation, or leave this and start over keeping your order? To cancel it tap "{ $label }"; to start over type "{ $word }" again.
type-hint = Sorry, I didn't get that. Choose a button or type one of these (or its number): { $labels }. Also "help", "menu" or "cancel".
offer-language = It looks like you write in English. Write to me in English again and we carry on in English (or type "English").
