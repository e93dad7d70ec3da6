title = Il tuo ordine
order = Il tuo ordine
insurance = Assicurazione: { $name }
