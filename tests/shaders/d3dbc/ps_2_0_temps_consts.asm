// ps_2_0: the highest register numbers: r11, c31, t7, v1, s15, oC3.
ps_2_0
def c31, 1, 2, 3, 4
dcl t7
dcl v1
dcl_2d s15
texld r11, t7, s15
add r11, r11, c31
add r11, r11, v1
mov oC3, r11
mov oC0, r11
