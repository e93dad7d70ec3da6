# What Telegram's own handling says to the customer (src/channels/telegram/messages.ts).
slow-down = Vas un poco rápido: espera unos segundos y vuelve a escribirme. Lo que envíes mientras tanto no lo leo.
forged-button = Este botón no es válido.
stale-button = Ese botón es de un paso anterior: usa el último mensaje.
repeated-tap = Un momento, ya estoy con ello.
share-phone = 📱 Compartir mi teléfono
# An example number in the country's format, shown in the box where the phone is typed.
phone-placeholder = +34 600 000 000
keyboard-removed = 👌
no-file-expected = Ahora no necesito ningún archivo.
# $max: a size with its unit ("20 MB").
file-too-large = Ese archivo es demasiado grande: el máximo es { $max }.
# $types: a list of file types ("PDF, JPG").
file-type = No acepto ese tipo de archivo aquí. Tipos válidos: { $types }.
file-failed = No he podido descargar el archivo. Inténtalo de nuevo, por favor.
unsupported = Aquí solo entiendo texto, botones, contactos y archivos.
failed = Algo ha fallado por nuestra parte; no se ha perdido nada. Inténtalo de nuevo.
# A page of a list: "2/5".
pages = { $page }/{ $pages }
ticket-code = Código: { $code }
