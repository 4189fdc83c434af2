// The subcommand's name, apart from its code so `wave`'s start-up does not load it.
export const PLUGIN_COMMAND = 'plugin';
