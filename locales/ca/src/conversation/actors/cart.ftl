no-such-line = Aquesta línia ja no és a la teva cistella.
