// vs_4_0: write masks, four-letter swizzles, select-1 (one letter) and the short forms the
// assembler widens (.xy reads as .xyyy, no suffix as .xyzw).
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
mov r0.x, v0.y
mov r0.yw, v0.xxxz
mov r0.z, v0.wwww
mov r1, v0
add r1.xz, r1.zyxw, r0.y
mul r1.yw, r1.xyzw, v0.xy
mov o0.xyzw, r1.wzyx
ret
