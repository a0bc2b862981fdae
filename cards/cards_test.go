package cards_test

import (
	"bytes"
	"math/bits"
	"os"
	"testing"

	"github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/compiler"

	"github.com/mtgc-dev/mtgc/cards"
)

// TestLibraryChecks compiles the library with the default edition's rules
// and checks that each card's clauses are there, scoped to its keyword.
func TestLibraryChecks(t *testing.T) {
	p, err := cards.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"Phantom Warrior": true, "Stalking Tiger": true, "Ironclaw Orcs": true, "Cloud Sprite": true, "Juggernaut": true, "Prized Unicorn": true,
		"Goblin Raider": true, "Boggart Brute": true, "Guile": true, "Mogg Flunkies": true, "Bloodrock Cyclops": true, "Two-Headed Dragon": true,
		"Taunting Elf": true, "Wall of Stone": true, "Serra Angel": true, "Devoted Retainer": true, "Akrasan Squire": true, "Suq'Ata Lancer": true,
		"Bog Rats": true, "Amrou Kithkin": true, "Elven Riders": true, "Okk": true,
		"Vampire Nighthawk": true, "Dauthi Slayer": true, "Glistener Elf": true, "Fencing Ace": true, "Colossal Dreadmaw": true,
		"Darksteel Myr": true, "Goblin Wardriver": true, "Giant Spider": true,
		"Goblin Piledriver": true, "Elvish Berserker": true, "Goblin Heelcutter": true, "Scarred Puma": true,
		"Severed Legion": true, "Bladetusk Boar": true, "Gladecover Scout": true, "Sunhome Stalwart": true, "Bilious Skulldweller": true, "Ulamog's Crusher": true, "Benalish Hero": true, "Crested Craghorn": true, "Ninja of the New Moon": true, "Giant Growth": true, "Righteousness": true, "Divine Verdict": true, "Smite": true,
		"Turn to Frog": true, "Tawnos's Weaponry": true, "Liquimetal Coating": true,
		"Sea Monster": true, "Harbor Serpent": true, "Trap Runner": true, "Time Walk": true, "Temporal Manipulation": true, "Meditate": true,
		"Bog Wraith": true, "Segovian Leviathan": true, "Tormented Soul": true, "Jackal Familiar": true,
		"Charging Rhino": true, "Goblin Balloon Brigade": true, "Jump": true,
		"Shock": true, "Lightning Bolt": true, "Lava Axe": true, "Soul's Fire": true, "Prodigal Pyromancer": true,
		"Fog": true, "Holy Day": true, "Riot Control": true,
		"Searing Spear": true, "Volcanic Hammer": true, "Lava Spike": true, "Lightning Helix": true, "Sorin's Thirst": true,
		"Zap": true, "Cunning Sparkmage": true, "Darkness": true, "Respite": true, "Maze of Ith": true, "Deftblade Elite": true,
		"Thorn Elemental": true, "Lone Wolf": true, "Doran, the Siege Tower": true, "Nightmare": true, "Keldon Warlord": true, "Palace Guard": true,
		"Pride of Lions": true, "Guardian of the Gateless": true, "Plague Rats": true, "Dakkon Blackblade": true, "Maro": true, "Spinebiter": true,
		"Crippling Chill": true, "Kashi-Tribe Warriors": true, "Wind Drake": true, "Youthful Knight": true, "Raging Goblin": true, "Ornithopter": true, "Skyhunter Patrol": true, "Orochi Ranger": true, "Apes of Rath": true,
		"Time Stop": true, "Sundial of the Infinite": true, "Celestus": true, "Propaganda": true, "Ghostly Prison": true, "Lure": true, "Belligerent Brontodon": true, "Frost Lynx": true, "Soul Warden": true,
		"Phytohydra": true, "Vigor": true, "Raise the Alarm": true, "Dragon Fodder": true, "Goblin Instigator": true,
		"Soldier Token": true, "Goblin Token": true, "Pacifism": true, "Samite Healer": true, "Mending Hands": true, "Personal Sanctuary": true,
		"History of Benalia": true, "Knight Token": true}
	for _, c := range p.Cards {
		if !want[c.Name] {
			t.Errorf("unexpected card %q", c.Name)
		}
		delete(want, c.Name)
	}
	for n := range want {
		t.Errorf("card %q missing", n)
	}
}

// TestLibraryCharacteristics: a card's declaration gives what its objects
// start with (Juggernaut: {4} artifact creature — juggernaut 5/5).
func TestLibraryCharacteristics(t *testing.T) {
	p, err := cards.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Cards {
		if c.Name != "Juggernaut" {
			continue
		}
		k := c.Card
		if k.Power != 5 || k.Toughness != 5 || k.Cost.Generic != 4 || len(k.Subtypes) != 1 || k.Subtypes[0] != "juggernaut" || len(k.Keywords) != 0 || k.Declared != "Juggernaut" {
			t.Errorf("Juggernaut: %+v", k)
		}
		if bits.OnesCount16(uint16(k.Types)) != 2 {
			t.Errorf("Juggernaut's types: %v, want artifact creature", k.Types)
		}
		return
	}
	t.Fatal("no Juggernaut")
}

// TestEngineFresh: engine/engine_gen.go is what mtgc gen makes of the
// library now (go generate ./cards/engine rewrites it).
func TestEngineFresh(t *testing.T) {
	p, err := cards.Load()
	if err != nil {
		t.Fatal(err)
	}
	want, err := compiler.Generate(p, compiler.Options{Package: "engine"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("engine/engine_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("cards/engine/engine_gen.go is stale: run go generate ./cards/engine")
	}
	if engine.SourceHash != p.Hash || len(engine.Cards) != len(p.Cards) {
		t.Fatalf("engine: hash %s, %d cards; library: hash %s, %d cards", engine.SourceHash, len(engine.Cards), p.Hash, len(p.Cards))
	}
}
