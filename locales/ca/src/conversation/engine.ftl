retry = 🔄 Torna-ho a provar
