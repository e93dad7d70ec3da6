retry = 🔄 Erneut versuchen
